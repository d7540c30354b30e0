/* Shape validation: run once when a shape array is built, then trusted. */
#include <math.h>

#include "pycollide.h"
#include "shapes.h"

int pc_kind_width(int kind)
{
    static const int widths[PC_LINE + 1] = {2, 3, 4, 4, 6, 4};
    return (kind >= 0 && kind <= PC_LINE) ? widths[kind] : PC_ERR_KIND;
}

static int check_one(int kind, const double *s, int width)
{
    for (int k = 0; k < width; k++)
        if (!isfinite(s[k])) return PC_RULE_NONFINITE;
    if (kind == PC_CIRCLE && s[2] < 0) return PC_RULE_RADIUS;
    if (kind == PC_BOX) {
        if (s[0] > s[2]) return PC_RULE_XORDER;
        if (s[1] > s[3]) return PC_RULE_YORDER;
    }
    if (kind == PC_LINE && s[0] == s[2] && s[1] == s[3]) return PC_RULE_LINE_POINTS;
    return PC_RULE_OK;
}

int pc_validate(int kind, const double *data, int64_t n, int64_t *first_bad, double *magnitude)
{
    int width = pc_kind_width(kind);
    if (width < 0) return PC_ERR_KIND;
    if (n < 0 || (n > 0 && !data) || !first_bad) return PC_ERR_ARG;
    double mag = 0.0;
    for (int64_t i = 0; i < n; i++) {
        int rule = check_one(kind, data + i * width, width);
        if (rule != PC_RULE_OK) {
            *first_bad = i;
            return rule;
        }
        double m = pc__magnitude(data + i * width, width);
        mag = m > mag ? m : mag;
    }
    if (magnitude) *magnitude = mag;
    return PC_RULE_OK;
}
