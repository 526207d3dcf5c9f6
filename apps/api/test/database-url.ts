/** The same server URL pointing at another database: test runs create and copy databases by name. */
export function withDatabase(url: string, name: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
