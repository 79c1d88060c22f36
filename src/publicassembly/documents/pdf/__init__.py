"""The PDFs of the two chapters: each module holds one document, `render_x(record, ...) -> bytes`."""

from publicassembly.documents.pdf.certificate import render_certificate
from publicassembly.documents.pdf.notice import render_hearing_notice
from publicassembly.documents.pdf.permit import render_permit
from publicassembly.documents.pdf.petition import render_petition
from publicassembly.documents.pdf.report import render_report
from publicassembly.documents.pdf.sign import render_occupancy_sign, render_occupancy_signs
from publicassembly.documents.pdf.summons import render_summons

__all__ = ["render_certificate", "render_hearing_notice", "render_occupancy_sign", "render_occupancy_signs", "render_permit",
           "render_petition", "render_report", "render_summons"]
