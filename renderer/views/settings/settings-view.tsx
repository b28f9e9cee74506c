export function SettingsView() {
  return <section className="view" aria-labelledby="settings-title"><h1 id="settings-title">Settings</h1></section>;
}
