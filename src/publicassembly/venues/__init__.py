"""Mount Pleasant ch. 164 places of assembly: spaces, certificates of lawful occupancy, inspections."""
