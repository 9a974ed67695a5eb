"""opprop.reports."""
