import { FUNCTION_HANDLERS, sstNodejs, FUNCTION_RUNTIME } from './function-build';
import { mailConfigurationSet } from './mail';
import { reviewQueue } from './review-queue';
import { secrets } from './secrets';

/**
 * What the app learns back from SES, and how the scheduled job fails (decisions 070–072).
 *
 * Bounces and complaints: the configuration set every mail is sent with (stacks/mail.ts) publishes
 * BOUNCE and COMPLAINT events to an SNS topic; a small function subscribed to it marks the
 * addresses undeliverable (packages/api/src/entry/mail-events.ts). Only SNS can invoke that
 * function: it has no URL, and SST's subscription gives it one permission, for
 * sns.amazonaws.com from this topic.
 */
export const mailEvents = new sst.aws.SnsTopic('MailEvents');

// SES publishes to the topic as the SES service, for this account and configuration set only.
new aws.sns.TopicPolicy('MailEventsFromSes', {
  arn: mailEvents.arn,
  policy: aws.iam.getPolicyDocumentOutput({
    statements: [
      {
        sid: 'SesPublishesMailEvents',
        principals: [{ type: 'Service', identifiers: ['ses.amazonaws.com'] }],
        actions: ['sns:Publish'],
        resources: [mailEvents.arn],
        conditions: [
          { test: 'StringEquals', variable: 'AWS:SourceAccount', values: [aws.getCallerIdentityOutput({}).accountId] },
          { test: 'StringEquals', variable: 'AWS:SourceArn', values: [mailConfigurationSet.arn] },
        ],
      },
    ],
  }).json,
});

new aws.sesv2.ConfigurationSetEventDestination('MailBouncesAndComplaints', {
  configurationSetName: mailConfigurationSet.configurationSetName,
  eventDestinationName: 'bounces-and-complaints',
  eventDestination: {
    enabled: true,
    matchingEventTypes: ['BOUNCE', 'COMPLAINT'],
    snsDestination: { topicArn: mailEvents.arn },
  },
});

export const mailEventsSubscriber = mailEvents.subscribe('MailEventsSubscriber', {
  handler: FUNCTION_HANDLERS.mailEvents,
  runtime: FUNCTION_RUNTIME,
  nodejs: sstNodejs('mailEvents'),
  timeout: '30 seconds',
  link: [secrets.databaseUrl],
});

/**
 * The Cron's function fails an invocation when a step failed, after every step has run
 * (packages/api/src/entry/scheduled.ts), so its Errors metric — and the alarm — see it.
 * EventBridge invokes it asynchronously, and Lambda retries a failed asynchronous invocation
 * twice by default, which would run every step that succeeded again. No retries: the next run,
 * 15 minutes later, tries the failed step again. (The same as `retries: 0` on the function in
 * stacks/review-queue.ts; set it in one place only, as both make this one resource.)
 */
new aws.lambda.FunctionEventInvokeConfig('ReviewQueueNoAsyncRetry', {
  functionName: reviewQueue.nodes.function.apply((fn) => fn.name),
  maximumRetryAttempts: 0,
});
