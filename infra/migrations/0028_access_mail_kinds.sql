-- 'Be om tilgang' (decision 096): the seller's mail about a new request and the buyer's mail about
-- the answer are outbox kinds of their own, so logs and the admin can tell them apart.
ALTER TABLE `mail_outbox` MODIFY `kind` enum('confirm','already_registered','reset','message','lead','review_decision','report_decision','review_alert','draft_reminder','saved_search','expiry_warning','delete_link','account_deleted','access_request','access_answer') NOT NULL;
