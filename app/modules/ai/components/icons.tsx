import type { SVGProps } from "react";

/** Small line icons for the assistant; decorative (the buttons carry the names). */
function Svg({ children, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export const ChatIcon = (props: SVGProps<SVGSVGElement>) => (
  <Svg {...props}>
    <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" />
    <path d="M8.5 11h.01M12 11h.01M15.5 11h.01" />
  </Svg>
);

export const SparkIcon = (props: SVGProps<SVGSVGElement>) => (
  <Svg {...props}>
    <path d="M12 3v3M12 18v3M3 12h3M18 12h3M5.6 5.6l2.1 2.1M16.3 16.3l2.1 2.1M5.6 18.4l2.1-2.1M16.3 7.7l2.1-2.1" />
    <circle cx="12" cy="12" r="2.5" />
  </Svg>
);

export const CloseIcon = (props: SVGProps<SVGSVGElement>) => (
  <Svg {...props}>
    <path d="M6 6l12 12M18 6 6 18" />
  </Svg>
);

export const MinimiseIcon = (props: SVGProps<SVGSVGElement>) => (
  <Svg {...props}>
    <path d="M5 18h14" />
  </Svg>
);

export const ExpandIcon = (props: SVGProps<SVGSVGElement>) => (
  <Svg {...props}>
    <rect x="5" y="5" width="14" height="14" rx="2" />
  </Svg>
);

export const DownloadIcon = (props: SVGProps<SVGSVGElement>) => (
  <Svg {...props}>
    <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
  </Svg>
);

export const ChevronDownIcon = (props: SVGProps<SVGSVGElement>) => (
  <Svg width="14" height="14" {...props}>
    <path d="m6 9 6 6 6-6" />
  </Svg>
);

export const SendIcon = (props: SVGProps<SVGSVGElement>) => (
  <Svg {...props}>
    <path d="M4 12 20 4l-6 16-3-7-7-1Z" />
  </Svg>
);

/** A turning ring; stands still for people who asked for reduced motion. */
export const Spinner = ({ className = "", ...props }: SVGProps<SVGSVGElement>) => (
  <Svg className={`animate-spin motion-reduce:animate-none ${className}`} {...props}>
    <path d="M12 3a9 9 0 1 0 9 9" />
  </Svg>
);
