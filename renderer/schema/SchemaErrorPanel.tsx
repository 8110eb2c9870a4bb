import { useContext } from 'react';
import { Alert } from 'antd';
import type { SchemaIssue } from './validate';
import { SchemaSourceContext } from './source';

/** Shown instead of a page (or a form of it) whose configuration is invalid: never a blank page. Names the page's file. */
export function SchemaErrorPanel({ title = '页面配置有误', source, issues }: { title?: string; source?: string; issues: SchemaIssue[] }) {
  const pageSource = useContext(SchemaSourceContext);
  const named = source ?? pageSource;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      message={named ? `${title}: ${named}` : title}
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
