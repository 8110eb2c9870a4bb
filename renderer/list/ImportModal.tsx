import { useEffect, useState } from 'react';
import { Button, Checkbox, Modal, Progress, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useRenderer } from '../context';
import type { Notifier } from '../data/notify';
import { DOWNLOAD_FAILED, downloadThroughProvider, type SaveFile } from '../data/download';
import { RequestError } from '../data/provider';

export interface ImportModalProps {
  open: boolean;
  url?: string;
  /** Allow several files in one upload (off: only one file). */
  multiple?: boolean;
  foreignKeys?: string;
  isSingleTableImport?: boolean;
  notify: Notifier;
  onClose(): void;
  onImported(): void;
  /** Save a downloaded error report; defaults to an <a download> click. */
  saveFile?: SaveFile;
}

interface ImportResult {
  msg?: string;
  fileUrl?: string;
  fileName?: string;
}

interface ImportRequest {
  url?: string;
  files: File[];
  isSingleTableImport: boolean;
  foreignKeys: string;
  validateStatus: boolean;
}

function importForm({ files, isSingleTableImport, foreignKeys, validateStatus }: ImportRequest): FormData {
  const body = new FormData();
  for (const file of files) body.append('files[]', file);
  body.append('isSingleTableImport', String(isSingleTableImport));
  body.append('foreignKeys', foreignKeys);
  body.append('validateStatus', validateStatus ? '1' : '0');
  return body;
}

function PartialImportNotice({ result, onDownload }: { result: ImportResult; onDownload(): void }) {
  return (
    <span>
      <span>导入成功,但是有错误数据!</span> <span>{result.msg}</span>
      <br />
      <span>具体详情请 </span>
      <a
        href="#"
        onClick={(event) => {
          event.preventDefault();
          onDownload();
        }}
      >
        点击下载
      </a>
    </span>
  );
}

/** 开始上传: sends the files through the data provider; code 201 is an import with rows refused (error report to download). */
function useImportSend(request: ImportRequest, notify: Notifier, saveFile: SaveFile | undefined, onFinished: () => void) {
  const { data } = useRenderer();
  const [uploading, setUploading] = useState(false);
  const [percent, setPercent] = useState(0);
  const names = request.files.map((f) => f.name).join(',');

  /** The report needs the token header, which a plain link cannot send: fetch it as a blob. */
  const downloadErrorReport = async (result: ImportResult) => {
    if (!result.fileUrl) {
      notify.warning(DOWNLOAD_FAILED);
      return;
    }
    await downloadThroughProvider(data, notify, result.fileUrl, (serverName) => result.fileName || serverName || '导入错误信息.txt', {
      save: saveFile,
    });
  };

  const send = async () => {
    if (!request.url) {
      notify.error('请设置url.importExcel属性!');
      return;
    }
    setUploading(true);
    setPercent(0);
    try {
      const done = await data.import<ImportResult>(request.url, importForm(request), setPercent);
      if (done.code === 201) {
        const result = done.result ?? {};
        notify.warningDialog({
          title: done.message,
          content: <PartialImportNotice result={result} onDownload={() => void downloadErrorReport(result)} />,
        });
      } else {
        notify.success(done.message || `${names} 文件上传成功`);
      }
      onFinished();
    } catch (error) {
      if (error instanceof RequestError) notify.warning(`${names} ${error.message}.`);
      else notify.error(`文件上传失败: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setUploading(false);
    }
  };

  const reset = () => {
    setUploading(false);
    setPercent(0);
  };
  return { send, uploading, percent, reset };
}

/** Import modal: empty file list and validation off on open; uploading flag while sending. */
export function ImportModal({
  open,
  url,
  multiple = false,
  foreignKeys = '',
  isSingleTableImport = true,
  notify,
  onClose,
  onImported,
  saveFile,
}: ImportModalProps) {
  const [files, setFiles] = useState<File[]>([]);
  const [validateStatus, setValidateStatus] = useState(false);
  const { send, uploading, percent, reset } = useImportSend(
    { url, files, isSingleTableImport, foreignKeys, validateStatus },
    notify,
    saveFile,
    () => {
      onImported();
      onClose();
    },
  );

  useEffect(() => {
    if (!open) return;
    setFiles([]);
    setValidateStatus(false);
    reset();
    // Only when the modal opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const fileList: UploadFile[] = files.map((file, index) => ({ uid: String(index), name: file.name, status: 'done' }));

  return (
    <Modal title="导入EXCEL" width={600} open={open} onCancel={onClose} footer={null} destroyOnClose>
      <Upload
        accept=".xls,.xlsx"
        multiple={multiple}
        fileList={fileList}
        beforeUpload={(file, batch) => {
          if (!multiple) {
            const index = batch.indexOf(file);
            if (files.length > 0 || index > 0) {
              if (index === (files.length > 0 ? 0 : 1)) notify.warning('只能上传一个文件!');
              return Upload.LIST_IGNORE;
            }
          }
          setFiles((current) => [...current, file]);
          return false;
        }}
        onRemove={(removed) => setFiles((current) => current.filter((_, i) => String(i) !== removed.uid))}
      >
        <Button icon={<UploadOutlined />}>选择导入文件</Button>
      </Upload>
      <div style={{ margin: '12px 0' }}>
        <Checkbox checked={validateStatus} onChange={(e) => setValidateStatus(e.target.checked)}>
          校验数据
        </Checkbox>
      </div>
      {uploading && <Progress percent={percent} size="small" />}
      <div style={{ textAlign: 'right' }}>
        <Button onClick={onClose} style={{ marginRight: 8 }}>
          关闭
        </Button>
        <Button type="primary" disabled={files.length === 0} loading={uploading} onClick={() => void send()}>
          {uploading ? '上传中' : '开始上传'}
        </Button>
      </div>
    </Modal>
  );
}
