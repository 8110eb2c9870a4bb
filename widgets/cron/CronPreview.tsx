import { useEffect, useState } from 'react';
import { Input } from 'antd';
import { previewText } from './cron-preview';

export const PREVIEW_DEBOUNCE_MS = 500;
const INITIAL_TEXT = '执行预览，会忽略年份参数';

/** Next ten run times of `expression`, recomputed 500 ms after the last change. */
export function CronPreview({ expression }: { expression: string }) {
  const [text, setText] = useState(INITIAL_TEXT);
  useEffect(() => {
    const timer = setTimeout(() => setText(previewText(expression)), PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [expression]);
  return (
    <div className="j-cron-preview">
      <div style={{ margin: '8px 0 4px' }}>近十次执行时间（不含年）</div>
      <Input.TextArea aria-label="执行预览" readOnly value={text} autoSize={{ minRows: 4, maxRows: 10 }} />
    </div>
  );
}
