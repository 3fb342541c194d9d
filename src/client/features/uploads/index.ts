// What other features may use from this one; everything else in this folder is private to it
// (enforced by .dependency-cruiser.cjs, see docs/architecture.md "Layout and boundaries").

export { putFile, registerUpload, requestUploadUrl } from './api/upload-file';
export { FileUploader } from './components/file-uploader';
export { checkFile, DONE_PROGRESS, REGISTERING_PROGRESS, transferProgress } from './upload-rules';
