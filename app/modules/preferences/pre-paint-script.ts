import { LANGUAGE_CODES } from "./languages";
import { PREFERENCE_COOKIE_MAX_AGE, STORAGE_KEYS } from "./storage-keys";
import { THEME_IDS } from "./themes";

/**
 * Runs in <head> before the first paint. When local storage (the spec's home for these choices)
 * disagrees with what the server rendered — say the cookie was cleared — it fixes the theme and
 * dark mode before anything is drawn and restores the cookies for the next request.
 */
export const prePaintScript = `(function(){try{
var d=document.documentElement,s=window.localStorage,themes=${JSON.stringify(THEME_IDS)},langs=${JSON.stringify(LANGUAGE_CODES)};
function c(k,v){document.cookie=k+"="+encodeURIComponent(v)+"; Path=/; Max-Age=${PREFERENCE_COOKIE_MAX_AGE}; SameSite=Lax"+(location.protocol==="https:"?"; Secure":"")}
var t=s.getItem(${JSON.stringify(STORAGE_KEYS.theme)});if(themes.indexOf(t)>=0){if(d.getAttribute("data-theme")!==t)d.setAttribute("data-theme",t);c(${JSON.stringify(STORAGE_KEYS.theme)},t)}
var m=s.getItem(${JSON.stringify(STORAGE_KEYS.darkMode)});if(m==="true"||m==="false"){d.classList.toggle("dark",m==="true");c(${JSON.stringify(STORAGE_KEYS.darkMode)},m)}
var l=s.getItem(${JSON.stringify(STORAGE_KEYS.language)});if(langs.indexOf(l)>=0)c(${JSON.stringify(STORAGE_KEYS.language)},l);
}catch(e){}})();`;
