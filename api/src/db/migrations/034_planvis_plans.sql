-- An organisation's plan code (product rules, Plan visibility: plans 2a, 2b2, 2b3), which sets
-- the clinic cities its employees may book in clinic (shared/src/rules/providers/plan-visibility.ts).
-- NULL: the plan's visibility flags alone decide.
ALTER TABLE organisations ADD COLUMN plan_code text CHECK (plan_code IN ('2a', '2b2', '2b3'));
