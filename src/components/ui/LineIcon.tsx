import { ICON_PATHS, type IconName } from "../icons";

/** A chrome icon inside a React island (the server's twin is Icon.astro); decorative, labelled by its control. */
export default function LineIcon({ name, size = 24 }: { name: IconName; size?: number }) {
  return (
    <svg
      className={`icon icon--${name}`}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={ICON_PATHS[name]} />
    </svg>
  );
}
