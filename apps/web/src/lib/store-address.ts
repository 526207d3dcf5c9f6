/**
 * The address of a store's front page at one of its domains: the console's own scheme and port, as
 * the platform serves every store host beside the console (https without a port behind the proxy in
 * production; `http://<shop_id>.localhost:<PORT>` in development, docs/deploy.md).
 */
export function storeAddress(domain: string, location: Pick<Location, 'protocol' | 'port'> = window.location): string {
  const protocol = location.protocol === 'http:' ? 'http:' : 'https:';
  return `${protocol}//${domain}${location.port ? `:${location.port}` : ''}/`;
}
