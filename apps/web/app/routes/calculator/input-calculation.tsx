// Placeholder while this page is being written.
export default function Page() {
  return <h1>input-calculation</h1>
}
