import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";

export interface SendMessageDialogProps {
  recipients: { userId: string; email: string | null; name: string }[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Stand-in, replaced on merge by the messaging slice's dialog (same path, same props): the orders
 * list already opens it with the distinct people of the selected orders.
 */
export function SendMessageDialog({ recipients, open, onOpenChange }: SendMessageDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Envoyer un message</DialogTitle>
          <DialogDescription>
            L'envoi de messages n'est pas encore disponible ({recipients.length} destinataire
            {recipients.length > 1 ? "s" : ""}).
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Fermer
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
