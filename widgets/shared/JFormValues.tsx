import { observer, useForm } from '@formily/react';

/** Shows the surrounding form's current values (demo and debugging pages). */
export const JFormValues = observer(function JFormValues({ title = '当前值' }: { title?: string }) {
  const form = useForm();
  if (!form) return <span />;
  return (
    <div className="j-form-values">
      <div style={{ fontWeight: 500, marginBottom: 4 }}>{title}</div>
      <pre aria-label={title} style={{ background: '#fafafa', padding: 8, maxHeight: 400, overflow: 'auto', whiteSpace: 'pre-wrap' }}>
        {JSON.stringify(form.values, null, 2)}
      </pre>
    </div>
  );
});
