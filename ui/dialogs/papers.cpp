#include "dialogs/papers.h"

#include <QStringList>

namespace hetsched::ui {

const QList<Paper>& implementedPapers() {
    static const QList<Paper> papers{
        {QStringLiteral("Pilla2022"), QStringLiteral("Laércio Lima Pilla"),
         QStringLiteral("Optimal Workload Scheduling Algorithm for Data-Parallel Applications on Heterogeneous "
                        "Platforms based on Dynamic Programming"),
         QStringLiteral("Research report RR-9487, Inria (hal-03776372)"), 2022, QStringLiteral("partition"),
         QStringLiteral("@techreport{Pilla2022,\n"
                        "  author      = {Pilla, La{\\'e}rcio Lima},\n"
                        "  title       = {Optimal Workload Scheduling Algorithm for Data-Parallel Applications on "
                        "Heterogeneous Platforms based on Dynamic Programming},\n"
                        "  type        = {Research Report},\n"
                        "  number      = {RR-9487},\n"
                        "  institution = {Inria},\n"
                        "  year        = {2022},\n"
                        "  month       = sep,\n"
                        "  note        = {HAL Id: hal-03776372},\n"
                        "  url         = {https://inria.hal.science/hal-03776372}\n"
                        "}")},
        {QStringLiteral("BeaumontMarchalRobert2005"), QStringLiteral("Olivier Beaumont, Loris Marchal, Yves Robert"),
         QStringLiteral("Scheduling divisible loads with return messages on heterogeneous master-worker platforms"),
         QStringLiteral("Slides, Graal working group, ENS Lyon"), 2005, QStringLiteral("divisible load"),
         QStringLiteral("@misc{BeaumontMarchalRobert2005,\n"
                        "  author       = {Beaumont, Olivier and Marchal, Loris and Robert, Yves},\n"
                        "  title        = {Scheduling divisible loads with return messages on heterogeneous "
                        "master-worker platforms},\n"
                        "  howpublished = {Slides, Graal working group, {\\'E}cole Normale Sup{\\'e}rieure de Lyon},\n"
                        "  year         = {2005},\n"
                        "  month        = jun\n"
                        "}")},
        {QStringLiteral("KedadSidhoum2013"),
         QStringLiteral("Safia Kedad-Sidhoum, Florence Monna, Grégory Mounié, Denis Trystram"),
         QStringLiteral("Scheduling Independent Tasks on Multi-cores with GPU Accelerators"),
         QStringLiteral("HeteroPar 2013, Aachen, pp. 228-237 (doi:10.1007/978-3-642-54420-0_23)"), 2013,
         QStringLiteral("CPU/GPU"),
         QStringLiteral("@inproceedings{KedadSidhoum2013,\n"
                        "  author    = {Kedad-Sidhoum, Safia and Monna, Florence and Mouni{\\'e}, Gr{\\'e}gory and "
                        "Trystram, Denis},\n"
                        "  title     = {Scheduling Independent Tasks on Multi-cores with {GPU} Accelerators},\n"
                        "  booktitle = {HeteroPar 2013, 11th International Workshop on Algorithms, Models and Tools "
                        "for Parallel Computing on Heterogeneous Platforms},\n"
                        "  address   = {Aachen, Germany},\n"
                        "  pages     = {228--237},\n"
                        "  year      = {2013},\n"
                        "  month     = aug,\n"
                        "  doi       = {10.1007/978-3-642-54420-0_23},\n"
                        "  note      = {HAL Id: hal-00921357}\n"
                        "}")},
        {QStringLiteral("BeaumontMarchalSteadyState"), QStringLiteral("Olivier Beaumont, Loris Marchal"),
         QStringLiteral("Steady-State Scheduling"),
         QStringLiteral("Chapter 8 of Introduction to Scheduling, Y. Robert and F. Vivien (eds.), Chapman and "
                        "Hall/CRC"),
         2009, QStringLiteral("steady state"),
         QStringLiteral("@incollection{BeaumontMarchalSteadyState,\n"
                        "  author    = {Beaumont, Olivier and Marchal, Loris},\n"
                        "  title     = {Steady-State Scheduling},\n"
                        "  chapter   = {8},\n"
                        "  booktitle = {Introduction to Scheduling},\n"
                        "  editor    = {Robert, Yves and Vivien, Fr{\\'e}d{\\'e}ric},\n"
                        "  publisher = {Chapman and Hall/CRC},\n"
                        "  year      = {2009}\n"
                        "}")},
        {QStringLiteral("NTakpeSuter2006"), QStringLiteral("Tchimou N'Takpé, Frédéric Suter"),
         QStringLiteral("Critical Path and Area Based Scheduling of Parallel Task Graphs on Heterogeneous Platforms"),
         QStringLiteral("ICPADS'06, Minneapolis (doi:10.1109/ICPADS.2006.32)"), 2006, QStringLiteral("task graph"),
         QStringLiteral("@inproceedings{NTakpeSuter2006,\n"
                        "  author    = {N'Takp{\\'e}, Tchimou and Suter, Fr{\\'e}d{\\'e}ric},\n"
                        "  title     = {Critical Path and Area Based Scheduling of Parallel Task Graphs on "
                        "Heterogeneous Platforms},\n"
                        "  booktitle = {12th International Conference on Parallel and Distributed Systems "
                        "(ICPADS'06)},\n"
                        "  address   = {Minneapolis, United States},\n"
                        "  year      = {2006},\n"
                        "  month     = jul,\n"
                        "  doi       = {10.1109/ICPADS.2006.32},\n"
                        "  note      = {HAL Id: inria-00108490}\n"
                        "}")},
    };
    return papers;
}

QString papersBibtex() {
    QStringList entries;
    for (const Paper& paper : implementedPapers()) entries << paper.bibtex;
    return entries.join(QStringLiteral("\n\n")) + QLatin1Char('\n');
}

}  // namespace hetsched::ui
