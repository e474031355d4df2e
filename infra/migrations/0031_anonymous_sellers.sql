-- A confidential listing's seller stays 'Konfidensiell selger' in its conversations after the listing
-- is deleted (decision 099): the messages name the seller to keep hidden.
ALTER TABLE `messages` ADD `anonymous_seller_id` char(36);
