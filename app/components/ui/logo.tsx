/** The concession's mark: a road with its centre line, as in the favicon. Decorative. */
export function Logo({ size = 36 }: { size?: number }) {
  return (
    <svg className="logo" viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#223354" />
      <path d="M9 28 14 4h4l5 24h-4l-1-5h-4l-1 5zm6-9h2l-1-6z" fill="#fff" />
      <path d="M15.4 7h1.2v2h-1.2zm0 4h1.2v2h-1.2z" fill="#ffc107" />
    </svg>
  );
}
