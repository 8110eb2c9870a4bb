import { widgetParts } from '../shared/fieldParts';
import { JImageUpload, JUpload } from './JUpload';
import { ImageUploadPretty, UploadPretty } from './UploadPretty';

export const JUploadParts = widgetParts(JUpload, UploadPretty);
export const JImageUploadParts = widgetParts(JImageUpload, ImageUploadPretty);
