import { useEffect, useRef, useState } from 'react';
import { Button, Space, Spin, message } from 'antd';
import { LeftOutlined, RedoOutlined, RightOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { useRenderer } from '@renderer/context';
import { PDF_ZOOM, clampPage, rotate, zoomIn, zoomOut } from './pdf-controls';
import { loadPdfWithPdfJs, type PdfDocument, type PdfLoader } from './pdf-loader';

export interface JPdfViewProps {
  /** Stored path or URL of the PDF. */
  value?: string;
  src?: string;
  /** Replaces pdf.js (tests, other renderers). */
  loader?: PdfLoader;
  /** 100 % is the width of the viewer's box (beside a score sheet) instead of 1.5 × the page size. */
  fitWidth?: boolean;
}

/** PDF viewer: previous/next page, zoom 40–100 % by 10, rotation by 90°. */
export function JPdfView({ value, src, loader = loadPdfWithPdfJs, fitWidth = false }: JPdfViewProps) {
  const { data, token } = useRenderer();
  const canvas = useRef<HTMLCanvasElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [doc, setDoc] = useState<PdfDocument | null>(null);
  const [page, setPage] = useState(1);
  const [zoom, setZoom] = useState<number>(PDF_ZOOM.max);
  const [rotation, setRotation] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const url = src ?? (value ? data.fileUrl(value.split(',')[0]) : '');
  const tokenRef = useRef(token);
  tokenRef.current = token;

  useEffect(() => {
    if (!url) return;
    let alive = true;
    setDoc(null);
    setError(null);
    setPage(1);
    const accessToken = tokenRef.current?.();
    loader(url, accessToken ? { 'X-Access-Token': accessToken } : undefined).then(
      (loaded) => {
        if (alive) setDoc(loaded);
      },
      (failure: Error) => {
        if (alive) setError(failure.message || 'PDF加载失败');
      },
    );
    return () => {
      alive = false;
    };
  }, [url, loader]);

  useEffect(() => {
    if (!doc || !canvas.current) return;
    let alive = true;
    doc
      .getPage(page)
      .then((pdfPage) => {
        const target = canvas.current;
        const context = target?.getContext('2d');
        if (!alive || !target || !context) return;
        const boxWidth = box.current?.clientWidth ?? 0;
        const base = fitWidth && boxWidth > 0 ? boxWidth / pdfPage.getViewport({ scale: 1, rotation }).width : 1.5;
        const viewport = pdfPage.getViewport({ scale: (zoom / 100) * base, rotation });
        target.width = viewport.width;
        target.height = viewport.height;
        return pdfPage.render({ canvasContext: context, viewport }).promise;
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [doc, page, zoom, rotation, fitWidth]);

  const change = (result: { zoom: number; message?: string }) => {
    if (result.message) message.warning(result.message);
    setZoom(result.zoom);
  };
  const pages = doc?.numPages ?? 0;

  if (!url) return <span />;
  if (error) return <span style={{ color: 'red' }}>{error}</span>;
  return (
    <div className="j-pdf-view">
      <Space style={{ marginBottom: 8 }} wrap>
        <Button aria-label="上一页" icon={<LeftOutlined />} disabled={page <= 1} onClick={() => setPage(clampPage(page - 1, pages))}>
          上一页
        </Button>
        <span aria-label="页码">{pages ? `${page} / ${pages}` : ''}</span>
        <Button aria-label="下一页" icon={<RightOutlined />} disabled={page >= pages} onClick={() => setPage(clampPage(page + 1, pages))}>
          下一页
        </Button>
        <Button aria-label="放大" icon={<ZoomInOutlined />} onClick={() => change(zoomIn(zoom))} />
        <span aria-label="缩放">{zoom}%</span>
        <Button aria-label="缩小" icon={<ZoomOutOutlined />} onClick={() => change(zoomOut(zoom))} />
        <Button aria-label="旋转" icon={<RedoOutlined />} onClick={() => setRotation(rotate(rotation))} />
      </Space>
      {!doc && <Spin />}
      <div ref={box} style={{ overflow: 'auto', textAlign: 'center' }}>
        <canvas ref={canvas} aria-label="PDF页面" data-rotation={rotation} data-page={page} data-fit={fitWidth ? 'width' : undefined} />
      </div>
    </div>
  );
}
