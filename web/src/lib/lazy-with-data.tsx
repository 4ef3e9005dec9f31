import { lazy, type ComponentProps, type ComponentType, type LazyExoticComponent } from "react";

/** The data layer's chunk (tRPC client, React Query and the one shared cache). */
export const loadDataLayer = () => import("../data-layer.tsx");

/**
 * `lazy()` for a component that talks to the server: its code and the data layer load together,
 * and it renders inside the shared data layer's providers. Pages and the landing page's islands
 * (Portal Login menu, application form) use it; the rest of the landing page needs no data layer.
 */
export function lazyWithData<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  return lazy(async () => {
    const [{ default: Component }, { DataLayerProvider }] = await Promise.all([load(), loadDataLayer()]);
    const Inner = Component as ComponentType<ComponentProps<T>>;
    function WithData(props: ComponentProps<T>) {
      return (
        <DataLayerProvider>
          <Inner {...props} />
        </DataLayerProvider>
      );
    }
    WithData.displayName = `WithData(${Inner.displayName ?? Inner.name})`;
    return { default: WithData as unknown as T };
  });
}
