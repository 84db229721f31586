import { BR, CN, DE, ES, FR, IN, IT, JP, KR, RU, SA, US } from "country-flag-icons/react/3x2";
import { isLanguageCode, type LanguageCode } from "../languages";

/**
 * The flag drawn for each language: SVG (country-flag-icons), because flag emoji are letters on Windows
 * and empty boxes where no emoji font is installed. The language entries keep their emoji as data.
 */
const FLAGS: Record<LanguageCode, typeof US> = { en: US, es: ES, fr: FR, de: DE, zh: CN, ja: JP, ko: KR, ar: SA, pt: BR, it: IT, ru: RU, hi: IN };

export function LanguageFlag({ code, className = "h-4 w-6" }: { code: string; className?: string }) {
  const Flag = isLanguageCode(code) ? FLAGS[code] : null;
  if (!Flag) return null;
  return <Flag aria-hidden="true" focusable="false" className={`${className} shrink-0 rounded-sm shadow-[0_0_0_1px_rgba(0,0,0,0.15)]`} />;
}
