import { useState } from 'react';
import { Empty, Tag } from 'antd';
import { fileNameOf } from '@widgets/reuse';
import { FileViewer } from './FileViewer';

/** An application's materials: one tag per file, the chosen one shown (PDF viewer or image, fit to width). */
export function MaterialsPanel({ paths }: { paths: string[] }) {
  const [shown, setShown] = useState(paths[0]);
  if (!paths.length) return <Empty description="未上传申报材料" />;
  return (
    <>
      <div style={{ marginBottom: 12 }}>
        {paths.map((path) => (
          <Tag.CheckableTag key={path} checked={path === shown} onChange={() => setShown(path)}>
            {fileNameOf(path)}
          </Tag.CheckableTag>
        ))}
      </div>
      {shown && <FileViewer path={shown} />}
    </>
  );
}
