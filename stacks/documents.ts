import { DOCUMENTS_CORS, DOCUMENTS_LIFECYCLE } from './documents-config';
import { documentStatements } from './permissions';

/**
 * The data room's PDFs (decision 097): a private bucket with no policy and no CloudFront route, so
 * nothing in it is reachable except through a link the API signs (presigned POST to upload, a GET
 * valid five minutes to download a stamped copy). Keys carry random UUIDs.
 */
export const documents = new sst.aws.Bucket('Documents', {
  cors: DOCUMENTS_CORS,
  lifecycle: DOCUMENTS_LIFECYCLE,
});

/** What the functions read (Resource.DocumentBucket): the name only; the rights are documentPermissions. */
export const documentBucket = new sst.Linkable('DocumentBucket', { properties: { name: documents.name } });

export const documentPermissions = documents.arn.apply(documentStatements);
