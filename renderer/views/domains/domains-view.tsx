export function DomainsView() {
  return <section className="view" aria-labelledby="domains-title"><h1 id="domains-title">Domains</h1></section>;
}
