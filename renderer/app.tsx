export function App() {
  return (
    <main>
      <h1>Vigil</h1>
      <p>Your monitors will appear here.</p>
    </main>
  );
}
