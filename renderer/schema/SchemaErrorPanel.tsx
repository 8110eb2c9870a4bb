import { Alert } from 'antd';
import type { SchemaIssue } from './validate';

/** Shown instead of a page whose configuration is invalid: never a blank page. */
export function SchemaErrorPanel({ title = '页面配置有误', source, issues }: { title?: string; source?: string; issues: SchemaIssue[] }) {
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      message={source ? `${title}: ${source}` : title}
      description={
        <ul style={{ margin: 0, paddingLeft: 20 }}>
          {issues.map((issue, index) => (
            <li key={index}>
              <code>{issue.pointer}</code> {issue.message}
            </li>
          ))}
        </ul>
      }
    />
  );
}
