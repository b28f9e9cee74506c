export function HeartbeatsView() {
  return <section className="view" aria-labelledby="heartbeats-title"><h1 id="heartbeats-title">Heartbeats</h1></section>;
}
