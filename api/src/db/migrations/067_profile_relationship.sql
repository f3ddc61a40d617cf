-- Who a secondary profile or added member is for, from the account holder's side. Nullable: profiles made
-- before it was asked keep working; a new profile of someone under 18 must be the holder's child or ward.
ALTER TABLE users ADD COLUMN relationship text CHECK (relationship IN ('child', 'ward', 'partner', 'parent', 'sibling', 'other'));
