#include "serve/layout.h"

#include "puzzle/html.h"

namespace slidedb::serve {

std::string page_html(std::string_view title, std::string_view body) {
    std::string out = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">";
    out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">";
    out += "<title>" + html_escape(title) + "</title>";
    out += "<link rel=\"icon\" href=\"/assets/favicon.svg\" type=\"image/svg+xml\">";
    out += "<link rel=\"stylesheet\" href=\"/assets/report.css\"><link rel=\"stylesheet\" href=\"/assets/app.css\">";
    out += "</head>\n<body><header class=\"top\"><a class=\"brand\" href=\"/\">slidedb</a><nav class=\"menu\">"
           "<a href=\"/\">Summary</a><a href=\"/puzzles\">Puzzles</a><a href=\"/editor\">Editor</a>"
           "<a href=\"/upload\">Screenshot</a><a href=\"/query\">Ask</a><a href=\"/reports\">Reports</a></nav></header>\n";
    out += "<main>";
    out += body;
    out += "</main>\n<script src=\"/assets/player.js\"></script><script src=\"/assets/app.js\"></script></body></html>\n";
    return out;
}

}  // namespace slidedb::serve
