import { Link } from 'wouter';

export function BrandMark() {
  return (
    <svg className="brand__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#4338ca" />
      <circle cx="11" cy="13" r="5" fill="#c7d2fe" />
      <circle cx="21" cy="13" r="5" fill="#a5b4fc" fillOpacity=".9" />
      <circle cx="16" cy="21" r="5" fill="#e0e7ff" fillOpacity=".9" />
    </svg>
  );
}

export function Brand() {
  return (
    <Link href="/" className="brand">
      <BrandMark />
      <span>Ensemble</span>
    </Link>
  );
}
