-- Product rules, Providers and fees: Offer on a provider: discount_amount (value, currency), discount_amount_currency, discount_percentage.
ALTER TABLE providers ADD COLUMN offer jsonb;
