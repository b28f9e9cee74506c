export function HandlersView() {
  return <section className="view" aria-labelledby="handlers-title"><h1 id="handlers-title">Notification handlers</h1></section>;
}
