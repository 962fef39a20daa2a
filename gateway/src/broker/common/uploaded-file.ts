/**
 * The photo bytes of a multipart upload, folded into the form under `file`. A class, so the
 * `/common/upload` handler can tell real bytes from a form field that merely says "file".
 */
export class UploadedFile {
  constructor(readonly bytes: Buffer) {}
}
