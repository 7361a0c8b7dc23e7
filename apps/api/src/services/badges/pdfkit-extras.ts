// PDFKit API that @types/pdfkit leaves out: an image opened once and drawn many times is embedded
// in the document once. Imported for its types by the files that draw badges. @types/pdfkit
// describes PDFKit as a global namespace, so adding to it takes namespaces.
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace PDFKit {
    interface PDFOpenedImage {
      readonly width: number;
      readonly height: number;
    }
    // eslint-disable-next-line @typescript-eslint/no-namespace
    namespace Mixins {
      interface PDFImage {
        openImage(src: Buffer): PDFOpenedImage;
        image(src: PDFOpenedImage, x?: number, y?: number, options?: ImageOption): this;
      }
    }
  }
}

export {};
