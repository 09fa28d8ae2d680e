// The part of the S3 SDK the file store uses, imported with import() on first use: most API requests never
// touch S3, so the client, the multipart uploader and the presigner stay out of the API's cold start.
export {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
export { Upload } from '@aws-sdk/lib-storage';
export { getSignedUrl } from '@aws-sdk/s3-request-presigner';
