/** The names one machine answers to on its loopback interface: an app reached by one is reached by all. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'] as const;

const isLoopback = (hostname: string): boolean => (LOOPBACK_HOSTS as readonly string[]).includes(hostname);

/**
 * Every origin that is this app's public address: the address itself and, when it is a loopback
 * address (a local run), the same port under the other loopback names, so a page opened at
 * http://127.0.0.1:3000 is as much this app as http://localhost:3000.
 */
export function appOrigins(publicUrl: string): readonly string[] {
  const url = new URL(publicUrl);
  if (!isLoopback(url.hostname)) return [url.origin];
  return LOOPBACK_HOSTS.map((host) => `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`);
}

/**
 * Where the app's pages are for this request: the origin the browser used when it is one of the
 * app's own (so a return address leads back to the origin that holds the visitor's session), the
 * public address otherwise; without a public address, the request's origin.
 */
export function requestAppUrl(publicUrl: string | null, requestUrl: string): string {
  const origin = new URL(requestUrl).origin;
  if (publicUrl === null) return origin;
  return appOrigins(publicUrl).includes(origin) ? origin : publicUrl;
}
