CREATE OR REPLACE TRIGGER payment_reviews_late_holds AFTER INSERT ON payment_reviews
  FOR EACH ROW WHEN (NEW.order_id IS NOT NULL)
  EXECUTE FUNCTION payment_reviews_late_holds();
