import { Empty, Tag } from 'antd';
import { fileNameOf } from '@widgets/reuse';
import { FileViewer } from './FileViewer';
import type { EvidenceFile } from './snapshot-fields';

interface EvidencePanelProps {
  files: EvidenceFile[];
  /** the file shown; the first one when unset or not among `files` */
  shown?: EvidenceFile;
  onShow: (file: EvidenceFile) => void;
}

const same = (a: EvidenceFile, b: EvidenceFile | undefined) => !!b && a.label === b.label && a.path === b.path;

/** 证明文件: the unit's evidence (licence, engineer certificates, project proof, award documents), one tag each, the chosen one in the viewer. */
export function EvidencePanel({ files, shown, onShow }: EvidencePanelProps) {
  if (!files.length) return <Empty description="没有证明文件" />;
  const current = files.find((f) => same(f, shown)) ?? files[0]!;
  return (
    <>
      <div style={{ marginBottom: 12 }} aria-label="证明文件列表">
        {files.map((file, i) => (
          <Tag.CheckableTag key={i} checked={same(file, current)} onChange={() => onShow(file)}>
            <span title={fileNameOf(file.path)}>{file.label}</span>
          </Tag.CheckableTag>
        ))}
      </div>
      <div aria-label={`正在查看：${current.label}`}>
        <FileViewer path={current.path} />
      </div>
    </>
  );
}
