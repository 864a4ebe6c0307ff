// Placeholder while this page is being written.
export default function Page() {
  return <h1>…</h1>
}
