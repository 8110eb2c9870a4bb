import { useRenderer } from '@renderer/context';
import { JPdfView } from '@widgets/editors/JPdfView';
import { fileNameOf } from '@widgets/reuse';

const isPdf = (path: string) => /\.pdf$/i.test(path.split('?')[0]!);

/** One stored file, fit to the width beside the sheet: PDFs in the PDF viewer, images as they are. */
export function FileViewer({ path }: { path: string }) {
  const { data } = useRenderer();
  return isPdf(path) ? (
    <JPdfView value={path} fitWidth />
  ) : (
    <img alt={fileNameOf(path)} src={data.fileUrl(path)} style={{ width: '100%' }} />
  );
}
