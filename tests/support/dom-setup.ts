// Component tests wait for what the page shows (findBy…, waitFor) as long as a busy machine needs:
// the default second is a wait, not a budget, and a full run on two cores can take longer to render.
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 10_000 });
}
export {};
