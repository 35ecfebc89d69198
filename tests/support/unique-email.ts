let counter = 0;

/** An address no other test uses, so suites can share one (real) auth server. */
export const uniqueEmail = (label = 'user'): string => {
  counter += 1;
  const salt = Math.random().toString(36).slice(2, 8);
  return `${label}-${Date.now().toString(36)}-${counter}-${salt}@example.com`;
};
