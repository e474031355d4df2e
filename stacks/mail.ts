/** SES sender for confirmation, reset and notification mail. Verify the domain once per account. */
export const mail = new sst.aws.Email('Mail', {
  sender: $app.stage === 'production' ? 'bedriftstorget.no' : 'noreply@bedriftstorget.no',
});
