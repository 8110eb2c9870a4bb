import { useState } from 'react';
import { Empty, Tag } from 'antd';
import { useRenderer } from '@renderer/context';
import { JPdfView } from '@widgets/editors/JPdfView';
import { fileNameOf } from '@widgets/reuse';

/** An application's materials: one tag per file, the chosen one shown (PDF viewer or image). */
export function MaterialsPanel({ paths }: { paths: string[] }) {
  const { data } = useRenderer();
  const [shown, setShown] = useState(paths[0]);
  if (!paths.length) return <Empty description="未上传申报材料" />;
  const isPdf = (path: string) => /\.pdf$/i.test(path.split('?')[0]!);
  return (
    <>
      <div style={{ marginBottom: 12 }}>
        {paths.map((path) => (
          <Tag.CheckableTag key={path} checked={path === shown} onChange={() => setShown(path)}>
            {fileNameOf(path)}
          </Tag.CheckableTag>
        ))}
      </div>
      {shown && (isPdf(shown) ? <JPdfView value={shown} /> : <img alt={fileNameOf(shown)} src={data.fileUrl(shown)} style={{ maxWidth: '100%' }} />)}
    </>
  );
}
