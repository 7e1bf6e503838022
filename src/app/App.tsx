export function App() {
  return <p>Brick Warehouse</p>;
}
