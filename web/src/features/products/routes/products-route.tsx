import { ProductsScreen } from '../components/products-screen.tsx';

/** /connect/products: the connect product list (lazy; catalogue 'products'). */
export function ProductsRoute() {
  return <ProductsScreen />;
}
