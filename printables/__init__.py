"""Label geometry, sheets, QR and Braille drawing, PDF and PNG output."""
