ALTER TABLE `uploads` ADD `final_key` varchar(512);
