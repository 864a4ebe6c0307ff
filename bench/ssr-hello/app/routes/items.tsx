import { useLoaderData } from 'react-router'

const ITEMS = Array.from({ length: 24 }, (_, i) => ({
  id: i + 1,
  name: `Product ${i + 1}`,
  price: 1000 + i * 25,
}))

export function loader() {
  return { items: ITEMS }
}

export function meta() {
  return [{ title: 'Hello' }]
}

export default function Items() {
  const { items } = useLoaderData<typeof loader>()
  return (
    <main>
      <h1>Products</h1>
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            <a href={`/products/${item.id}`}>{item.name}</a> RM{(item.price / 100).toFixed(2)}
          </li>
        ))}
      </ul>
    </main>
  )
}
