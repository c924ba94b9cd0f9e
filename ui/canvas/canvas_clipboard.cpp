#include "canvas/canvas_clipboard.h"

#include <QApplication>
#include <QClipboard>
#include <QMimeData>
#include <QObject>
#include <string_view>

#include "canvas/canvas_layout.h"
#include "io/json_reader.h"

namespace hetsched::ui {

namespace {

constexpr const char* kClipboardMime = "application/x-hetsched-canvas";
constexpr const char* kClipboardFormat = "hetsched-canvas";

CanvasClipboard::Paste refused(const QString& message) {
    return {CanvasEdit::refused(message), {}};
}

}  // namespace

QByteArray CanvasClipboard::copied(const CanvasAdapter& adapter, const Instance& instance, const std::vector<int>& nodes,
                                   const std::vector<QPointF>& positions) {
    nlohmann::json points = nlohmann::json::array();
    for (const QPointF& p : positions) points.push_back({CanvasLayout::rounded(p.x()), CanvasLayout::rounded(p.y())});
    const nlohmann::json payload = {{"format", kClipboardFormat},
                                    {"family", adapter.familyName().toStdString()},
                                    {"fragment", adapter.copy(instance, nodes)},
                                    {"positions", points}};
    return QByteArray::fromStdString(payload.dump(1));
}

void CanvasClipboard::copy(const CanvasAdapter& adapter, const Instance& instance, const std::vector<int>& nodes,
                           const std::vector<QPointF>& positions) {
    const QByteArray bytes = copied(adapter, instance, nodes, positions);
    auto* mime = new QMimeData;
    mime->setData(QString::fromLatin1(kClipboardMime), bytes);
    mime->setText(QString::fromUtf8(bytes));
    QApplication::clipboard()->setMimeData(mime);
}

std::optional<CanvasClipboard::Paste> CanvasClipboard::paste(const CanvasAdapter& adapter, const Instance& instance) {
    const QMimeData* mime = QApplication::clipboard()->mimeData();
    if (!mime) return std::nullopt;
    return pasted(adapter, instance,
                  mime->hasFormat(QString::fromLatin1(kClipboardMime)) ? mime->data(QString::fromLatin1(kClipboardMime))
                                                                      : mime->text().toUtf8());
}

CanvasClipboard::Paste CanvasClipboard::pasted(const CanvasAdapter& adapter, const Instance& instance,
                                               const QByteArray& bytes) {
    // The bounded parse of every reader: the clipboard may hold anything another program put there, and
    // JSON nested deeper than the readers' limit overflowed the stack in the fragment's copies.
    const std::string_view text(bytes.constData(), static_cast<std::size_t>(bytes.size()));
    if (std::optional<std::string> deep = json_detail::jsonNestingProblem(text))
        return refused(QObject::tr("the clipboard holds no copied canvas nodes (%1)").arg(QString::fromStdString(*deep)));
    nlohmann::json payload;
    try {
        payload = json_detail::parseJsonText(text);
    } catch (const json_detail::InputError&) {
        payload = nullptr;
    }
    // Keys read only when they have the type a copy writes (nlohmann throws on any other).
    const auto textAt = [&payload](const char* key) {
        const auto it = payload.find(key);
        return it != payload.end() && it->is_string() ? it->get<std::string>() : std::string();
    };
    if (!payload.is_object() || textAt("format") != kClipboardFormat)
        return refused(QObject::tr("the clipboard holds no copied canvas nodes"));
    const std::string family = textAt("family");
    if (family != adapter.familyName().toStdString())
        return refused(QObject::tr("the clipboard holds %1 nodes, this is a %2 instance")
                           .arg(QString::fromStdString(family), adapter.familyName()));
    Paste paste;
    try {   // an adapter reading a fragment of other types than it wrote: refused, never thrown into Qt
        paste.edit = adapter.paste(instance, payload.value("fragment", nlohmann::json()));
        const nlohmann::json positions = payload.value("positions", nlohmann::json::array());
        for (std::size_t i = 0; i < paste.edit.newKeys.size(); ++i) {
            QPointF p(0, 0);
            if (positions.is_array() && i < positions.size() && positions[i].is_array() && positions[i].size() == 2 &&
                positions[i][0].is_number() && positions[i][1].is_number())
                p = QPointF(positions[i][0].get<double>(), positions[i][1].get<double>());
            paste.placed.insert(paste.edit.newKeys[i], p + QPointF(50, 50));
        }
    } catch (const nlohmann::json::exception&) {
        return refused(QObject::tr("the clipboard's nodes cannot be read"));
    }
    return paste;
}

}  // namespace hetsched::ui
