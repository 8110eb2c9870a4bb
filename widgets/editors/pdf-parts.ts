import { widgetParts } from '../shared/fieldParts';
import { JPdfView } from './JPdfView';
import { JImagePreview } from './JImagePreview';

export const JPdfViewParts = widgetParts(JPdfView, JPdfView);
export const JImagePreviewParts = widgetParts(JImagePreview, JImagePreview);
