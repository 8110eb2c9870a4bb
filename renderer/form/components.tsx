import { useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { Spin } from 'antd';
import { isField } from '@formily/core';
import { observer, useField } from '@formily/react';
import { FormGrid, FormItem, FormLayout, Space } from '@formily/antd-v5';
import { registeredFieldTypes } from '../registry';
import { useFieldParts } from './fieldParts';

type AnyProps = Record<string, unknown>;
const wrappers = new Map<string, ComponentType<AnyProps>>();

/** A Formily component for a registry type: edit face, or read-pretty face when the field is read-pretty. */
export function registryComponent(type: string): ComponentType<AnyProps> {
  let wrapper = wrappers.get(type);
  if (!wrapper) {
    const RegistryField = observer((props: AnyProps) => {
      const field = useField();
      const parts = useFieldParts(type);
      if (!parts) return <Spin size="small" />;
      const pretty = isField(field) && field.pattern === 'readPretty';
      const Component = pretty ? (parts.readPretty ?? parts.component) : parts.component;
      return Component ? <Component {...props} /> : null;
    });
    RegistryField.displayName = `Field(${type})`;
    wrapper = RegistryField as ComponentType<AnyProps>;
    wrappers.set(type, wrapper);
  }
  return wrapper;
}

/**
 * The grid of large forms: plain CSS (at most `maxColumns` columns of at least 260px, fewer when the
 * form is narrow; a FormItem's gridSpan spans columns), no measuring of its children.
 */
export function CssGrid({
  maxColumns = 2,
  columnGap = 16,
  rowGap = 4,
  children,
}: {
  maxColumns?: number;
  columnGap?: number;
  rowGap?: number;
  children?: ReactNode;
}) {
  const columns = Math.max(1, maxColumns);
  const track = `minmax(max(260px, calc((100% - ${(columns - 1) * columnGap}px) / ${columns})), 1fr)`;
  return (
    <div className="rd-css-grid" style={{ display: 'grid', gridTemplateColumns: `repeat(auto-fill, ${track})`, columnGap, rowGap }}>
      <style>
        {
          '.rd-css-grid > *{contain:layout style}.rd-css-grid > [data-grid-span="2"]{grid-column:span 2}.rd-css-grid > [data-grid-span="3"]{grid-column:span 3}.rd-css-grid > [data-grid-span="4"]{grid-column:span 4}.rd-css-grid > [data-grid-span="-1"]{grid-column:1 / -1}'
        }
      </style>
      {children}
    </div>
  );
}

/** One IntersectionObserver for every waiting LazyFormItem. */
const waiting = new Map<Element, () => void>();
let nearObserver: IntersectionObserver | null = null;
function whenNear(element: Element, show: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    show();
    return () => undefined;
  }
  nearObserver ??= new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        if (!e.isIntersecting) continue;
        const cb = waiting.get(e.target);
        waiting.delete(e.target);
        nearObserver?.unobserve(e.target);
        cb?.();
      }
    },
    { rootMargin: '800px 0px' },
  );
  waiting.set(element, show);
  nearObserver.observe(element);
  return () => {
    waiting.delete(element);
    nearObserver?.unobserve(element);
  };
}

/**
 * The FormItem of a large form (CssGrid): its field exists from the start (values, defaults and validation
 * cover every field), but the label, input and their styles are mounted only when the item nears the
 * viewport, or at once when the field has an error. Once mounted it stays.
 */
const LazyFormItem = observer((props: AnyProps & { children?: ReactNode }) => {
  const field = useField();
  const ref = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(false);
  const failing = isField(field) && field.selfErrors.length > 0;
  useEffect(() => {
    if (shown || !ref.current) return;
    return whenNear(ref.current, () => setShown(true));
  }, [shown]);
  if (shown || failing) return <FormItem {...props} />;
  const span = (props.gridSpan as number | undefined) ?? undefined;
  return (
    <div ref={ref} className="rd-lazy-item" data-grid-span={span} style={{ minHeight: 56 }} aria-busy="true">
      {String(field.title ?? '')}
    </div>
  );
});

export const layoutComponents: Record<string, ComponentType<AnyProps>> = {
  FormItem: FormItem as unknown as ComponentType<AnyProps>,
  FormGrid: FormGrid as unknown as ComponentType<AnyProps>,
  CssGrid: CssGrid as unknown as ComponentType<AnyProps>,
  LazyFormItem: LazyFormItem as unknown as ComponentType<AnyProps>,
  GridColumn: FormGrid.GridColumn as unknown as ComponentType<AnyProps>,
  FormLayout: FormLayout as unknown as ComponentType<AnyProps>,
  Space: Space as unknown as ComponentType<AnyProps>,
};

/** Components for SchemaField: the layout set plus one wrapper per registered type. */
export function formComponents(): Record<string, ComponentType<AnyProps>> {
  const map: Record<string, ComponentType<AnyProps>> = { ...layoutComponents };
  for (const type of registeredFieldTypes()) map[type] = registryComponent(type);
  return map;
}
